// The top frame's document_start script (manifest.json; sites/browser-site-api.ts for added
// sites): a few hundred bytes, none of the content script's code.
import { send } from '../browser/send.ts';
import { wakeWorker } from './wake-worker.ts';

if (process.env.AFTERPARTY_MARKS !== 'off') performance.mark('afterparty:wake-sent');
void wakeWorker(send);
