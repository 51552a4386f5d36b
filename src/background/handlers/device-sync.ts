import type { DeviceSyncMessages } from '../../messages/index.ts';
import type { DeviceSync } from '../device-sync/device-sync.ts';
import type { HandlersFor } from './types.ts';

export function deviceSyncHandlers({ deviceSync }: { deviceSync?: DeviceSync }): HandlersFor<DeviceSyncMessages> {
  const engine = (): DeviceSync => {
    if (!deviceSync) throw new Error('Sync through the browser is not available here');
    return deviceSync;
  };
  return {
    getDeviceSync: () => engine().status(),
    setDeviceSync: ({ enabled }) => engine().setEnabled(enabled),
  };
}
