import type { Access, EventKind } from '../../core/model.ts';
import { t } from '../../browser/i18n.ts';

export function kindLabel(kind: EventKind): string {
  return t(`ui_kind_${kind}`);
}

export function accessLabel(access: Access): string {
  return t(`ui_access_${access}`);
}
