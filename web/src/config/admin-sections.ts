/** The in-page admin sections (spec section 2) and the sidebar built from them. */
export const SECTION_IDS = [
  'dashboard',
  'documents',
  'presentations',
  'presentation-images',
  'presentation-translations',
  'videos',
  'broadcast',
  'podcast',
  'learning-resources',
  'video-translations',
  'bot-images',
  'categories',
  'chatbot-responses',
  'analytics',
  'review',
  'audit',
  'requests',
  'sites',
  'users',
  'widget',
  'file-manager',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const isSectionId = (v: string): v is SectionId => (SECTION_IDS as readonly string[]).includes(v);

/** Sidebar entries: a section, or the separate /rag-bot page. */
export type NavId = SectionId | 'rag-bot';

export interface NavItem {
  id: NavId;
  children?: NavId[];
}

export const NAV_TOP: NavItem[] = [{ id: 'dashboard' }, { id: 'review' }, { id: 'audit' }, { id: 'users' }, { id: 'categories' }, { id: 'file-manager' }, { id: 'sites' }, { id: 'rag-bot' }, { id: 'chatbot-responses' }, { id: 'requests' }, { id: 'analytics' }, { id: 'widget' }];

/** After the "File Upload Section" divider. */
export const NAV_CONTENT: NavItem[] = [
  { id: 'documents', children: ['bot-images'] },
  { id: 'presentations', children: ['presentation-images', 'presentation-translations'] },
  { id: 'videos', children: ['broadcast', 'podcast', 'learning-resources', 'video-translations'] },
];
