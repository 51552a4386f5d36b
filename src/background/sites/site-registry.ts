// Per-site switches. Two different things:
// - the off switch: a list of hostnames, kept where only the background writes (IndexedDB,
//   site-list-store.ts); content scripts ask for their own site (getSiteSwitch); no permission;
// - adding a site the manifest does not list: the user grants an optional host permission
//   (asked for by the popup, on a click), then we register our content script and the top
//   frame's wake for it with scripting.registerContentScripts and re-register on every start,
//   since registrations do not survive an update (Chrome) or a restart (Firefox).
import { ADDED_SITES_KEY, DISABLED_SITES_KEY, type SiteList, type SiteStatus } from '../../messages/index.ts';
import { siteOf } from './site-of.ts';
import { matchesPattern, sitePattern } from './match-pattern.ts';

export interface ScriptRegistration {
  id: string;
  matches: string[];
  /**
   * `content`: the content script, as the manifest runs it; `wake`: the top frame's document_start
   * wake (src/content-wake/), as the manifest runs it on the curated sites (issue 28).
   */
  script: 'content' | 'wake';
}

/** The browser APIs the registry needs; tests pass a fake. */
export interface SiteApi {
  read(key: string): Promise<unknown>;
  write(key: string, value: unknown): Promise<void>;
  grantedOrigins(): Promise<string[]>;
  registeredIds(): Promise<string[]>;
  register(scripts: ScriptRegistration[]): Promise<void>;
  unregister(ids: string[]): Promise<void>;
  /** Runs the content script in a tab now, so the page the user is on lights up at once. */
  inject(tabId: number): Promise<void>;
  /** The manifest's content-script match patterns (the curated list). */
  curated: string[];
}

const PREFIX = 'site-';
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
const idFor = (pattern: string) => `${PREFIX}${pattern.replace(/[^a-z0-9.-]/gi, '_')}`;
// A pattern's id ends in "__" (its "/*"), so no content script's id ends in "-wake".
const wakeIdFor = (pattern: string) => `${idFor(pattern)}-wake`;

export class SiteRegistry {
  constructor(private readonly api: SiteApi) {}

  async status(url: string): Promise<SiteStatus> {
    const site = siteOf(url);
    const pattern = sitePattern(url);
    if (!site || !pattern) return { site: null, builtIn: false, added: false, disabled: false, pattern: null };
    const [disabled, added, granted] = await Promise.all([this.#disabled(), this.#added(), this.api.grantedOrigins()]);
    return {
      site,
      builtIn: this.api.curated.some((p) => matchesPattern(p, url)),
      added: added.includes(pattern) && granted.includes(pattern),
      disabled: disabled.includes(site),
      pattern,
    };
  }

  async isDisabled(site: string): Promise<boolean> {
    return (await this.#disabled()).includes(site);
  }

  async setDisabled(site: string, disabled: boolean): Promise<void> {
    const list = (await this.#disabled()).filter((s) => s !== site);
    if (disabled) list.push(site);
    await this.api.write(DISABLED_SITES_KEY, list.sort());
  }

  /** Registers a site whose permission the user has just granted; refuses one not granted. */
  async add(url: string, tabId: number | null): Promise<void> {
    const pattern = sitePattern(url);
    const site = siteOf(url);
    if (!pattern || !site) throw new Error('Afterparty runs only on http and https pages');
    if (!(await this.api.grantedOrigins()).includes(pattern))
      throw new Error(`Afterparty has no permission for ${site} yet`);
    const added = await this.#added();
    if (!added.includes(pattern)) await this.api.write(ADDED_SITES_KEY, [...added, pattern].sort());
    await this.setDisabled(site, false);
    await this.sync();
    if (tabId !== null) await this.api.inject(tabId);
  }

  /** The options page's list: curated patterns, added sites (with their permission) and switched-off hosts. */
  async list(): Promise<SiteList> {
    const [disabled, added, granted] = await Promise.all([this.#disabled(), this.#added(), this.api.grantedOrigins()]);
    return {
      curated: [...new Set(this.api.curated)],
      added: added.map((pattern) => ({
        pattern,
        site: pattern.slice('*://'.length, -'/*'.length),
        granted: granted.includes(pattern),
      })),
      disabled,
    };
  }

  /**
   * Stops running on an added site. The host permission is left to the browser's settings:
   * a feed on the same host may need it (permissions.remove would take that too).
   */
  async remove(pattern: string): Promise<void> {
    const added = await this.#added();
    if (!added.includes(pattern)) throw new Error('This site is not among the sites you added');
    await this.api.write(
      ADDED_SITES_KEY,
      added.filter((p) => p !== pattern),
    );
    await this.sync();
  }

  /** Permissions granted outside the popup (the browser's own settings) count as adding the site. */
  async permissionsAdded(origins: string[]): Promise<void> {
    const added = await this.#added();
    const fresh = origins.filter((o) => o.startsWith('*://') && !added.includes(o));
    if (fresh.length > 0) await this.api.write(ADDED_SITES_KEY, [...added, ...fresh].sort());
    await this.sync();
  }

  async permissionsRemoved(origins: string[]): Promise<void> {
    const added = await this.#added();
    await this.api.write(
      ADDED_SITES_KEY,
      added.filter((o) => !origins.includes(o)),
    );
    await this.sync();
  }

  /** Makes the registered scripts equal the added sites that still have their permission. */
  async sync(): Promise<void> {
    const [added, granted, registered] = await Promise.all([
      this.#added(),
      this.api.grantedOrigins(),
      this.api.registeredIds(),
    ]);
    const wanted = new Map<string, ScriptRegistration>(
      added
        .filter((p) => granted.includes(p))
        .flatMap((p) => [
          [idFor(p), { id: idFor(p), matches: [p], script: 'content' }],
          [wakeIdFor(p), { id: wakeIdFor(p), matches: [p], script: 'wake' }],
        ]),
    );
    const stale = registered.filter((id) => id.startsWith(PREFIX) && !wanted.has(id));
    if (stale.length > 0) await this.api.unregister(stale);
    // A site registered before the wake existed gets its wake here, its content script kept.
    const missing = [...wanted.values()].filter(({ id }) => !registered.includes(id));
    if (missing.length > 0) await this.api.register(missing);
  }

  async #disabled(): Promise<string[]> {
    return strings(await this.api.read(DISABLED_SITES_KEY));
  }

  async #added(): Promise<string[]> {
    return strings(await this.api.read(ADDED_SITES_KEY));
  }
}
