/** Typed route paths: the only place a URL of the SPA is spelled. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  dashboard: { path: '/dashboard', getHref: (section?: string) => (section ? `/dashboard#${section}` : '/dashboard') },
  presentationImages: { path: '/presentation-images', getHref: () => '/presentation-images' },
  videos: { path: '/videos', getHref: () => '/videos' },
  chat: { path: '/chat', getHref: () => '/chat' },
  ragBot: { path: '/rag-bot', getHref: () => '/rag-bot' },
  /** The source viewer: a cited page, slide or time with the quoted words lit (core/features/content/viewer-url.ts writes its links). */
  viewer: { path: '/view/:type/:id', getHref: (type: string, id: number) => `/view/${type}/${id}` },
} as const;
