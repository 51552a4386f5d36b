import { render } from 'preact';
import { ADD_EVENT_PARAM, FOCUS_EVENT_PARAM } from '../messages/index.ts';
import { adoptEventStyle } from '../ui/shared/page-style.ts';
import { PopupApp } from '../ui/popup/popup-app.tsx';

// popup.html?add=<film key>: opened in a tab by the card's "Add an event", with the form open for that film.
const params = new URLSearchParams(location.search);
const addFor = params.get(ADD_EVENT_PARAM) ?? undefined;
// popup.html?event=<event key>: opened from a reminder's notification, on that saved event.
const focusEvent = params.get(FOCUS_EVENT_PARAM) ?? undefined;

adoptEventStyle(document);
const root = document.getElementById('app');
if (root) render(<PopupApp addFor={addFor} focusEvent={focusEvent} />, root);
