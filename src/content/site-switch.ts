import { ext } from '../browser/ext.ts';
import { send } from '../browser/send.ts';
import { DATA_REVISION_KEY } from '../messages/data-revision.ts';

/**
 * The user's per-site off switch. The background answers for the frame the message comes
 * from (getSiteSwitch): the list lives where pages cannot write it, so a page cannot switch
 * Afterparty off or on for itself or another site. A data-revision bump (the switch flipped
 * in the popup or the options page) asks again; `onChange` hears a flip while the page is
 * open. `_site` is not read: the answer is for the sender's frame, whatever the page claims.
 */
export async function watchSiteSwitch(_site: string, onChange: (disabled: boolean) => void): Promise<boolean> {
  let asked = 0;
  let disabled = false;
  ext.storage.onChanged.addListener((changes, area) => {
    if (area !== 'local' || !(DATA_REVISION_KEY in changes)) return;
    const ask = ++asked;
    send('getSiteSwitch', {}).then(
      (answer) => {
        if (ask !== asked || answer.disabled === disabled) return;
        disabled = answer.disabled;
        onChange(disabled);
      },
      () => undefined,
    );
  });
  const ask = ++asked;
  const answer = await send('getSiteSwitch', {});
  // A flip heard meanwhile has the newer answer.
  if (ask === asked) disabled = answer.disabled;
  return disabled;
}
