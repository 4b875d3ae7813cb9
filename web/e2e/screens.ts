/**
 * Every screen of the console, built from the app's own route list (the admin
 * sections of web/src/config/admin-sections.ts and the pages of
 * web/src/config/paths.ts), so a screen added there is checked by every test
 * that walks this list (accessibility, Hebrew wording, phone layout).
 */
import { SECTION_IDS } from '../src/config/admin-sections';
import { paths } from '../src/config/paths';

export interface Screen {
  name: string;
  url: string;
  signedIn: boolean;
}

/** Pages that are not admin sections (the sign-in page, the two chat pages, any other page added to `paths`). */
const PAGES: Screen[] = Object.entries(paths)
  .filter(([key]) => key !== 'home' && key !== 'dashboard' && !(SECTION_IDS as readonly string[]).includes(paths[key as keyof typeof paths].path.slice(1)))
  .map(([key, p]) => ({ name: key === 'ragBot' ? 'rag-bot' : p.path.slice(1), url: p.path, signedIn: key !== 'chat' }));

export const SCREENS: Screen[] = [
  { name: 'login', url: '/', signedIn: false },
  ...SECTION_IDS.map((id) => ({ name: id, url: id === 'dashboard' ? '/dashboard' : `/dashboard#${id}`, signedIn: true })),
  ...PAGES,
];
