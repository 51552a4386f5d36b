import { render } from 'preact';
import { t, uiLocale } from '../browser/i18n.ts';
import { adoptEventStyle } from '../ui/shared/page-style.ts';
import { WelcomePage } from '../ui/welcome/welcome-page.tsx';

adoptEventStyle(document);
document.title = t('welcome_title');
document.documentElement.lang = uiLocale();
const root = document.getElementById('app');
if (root) render(<WelcomePage />, root);
