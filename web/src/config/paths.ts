/** Typed route paths: the only place a URL of the SPA is spelled. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  dashboard: { path: '/dashboard', getHref: (section?: string) => (section ? `/dashboard#${section}` : '/dashboard') },
  presentationImages: { path: '/presentation-images', getHref: () => '/presentation-images' },
  videos: { path: '/videos', getHref: () => '/videos' },
  chat: { path: '/chat', getHref: () => '/chat' },
  ragBot: { path: '/rag-bot', getHref: () => '/rag-bot' },
} as const;
