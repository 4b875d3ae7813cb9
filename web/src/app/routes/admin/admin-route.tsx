/**
 * The signed-in console: the admin shell and the section chosen by the URL
 * (/dashboard#documents, /videos, /presentation-images, ...). Composes the
 * features; features never import each other.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { AdminLayout } from '../../../components/layouts/admin-layout';
import { isSectionId, type NavId, type SectionId } from '../../../config/admin-sections';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../features/auth/auth-provider';
import { SectionView } from './section-view';

function defaultSectionFor(pathname: string): SectionId {
  if (pathname === paths.videos.path) return 'videos';
  if (pathname === paths.presentationImages.path) return 'presentation-images';
  return 'dashboard';
}

/** Where a section lives in the URL, so reload and back/forward keep it. */
export function hrefForSection(id: SectionId): string {
  if (id === 'videos') return paths.videos.getHref();
  if (id === 'presentation-images') return paths.presentationImages.getHref();
  if (id === 'dashboard') return paths.dashboard.getHref();
  return paths.dashboard.getHref(id);
}

export default function AdminRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const hash = decodeURIComponent(location.hash.replace(/^#/, ''));
  const section: SectionId = isSectionId(hash) ? hash : defaultSectionFor(location.pathname);

  useEffect(() => {
    document.title = `${t(`nav.${section}`)} · ${t('nav.brand')}`;
  }, [section, t]);

  const select = (id: NavId) => {
    if (id === 'rag-bot') navigate(paths.ragBot.getHref());
    else if (id !== section) navigate(hrefForSection(id));
  };

  return (
    <AdminLayout active={section} onSelect={select} onLogout={() => void signOut()}>
      <SectionView section={section} />
    </AdminLayout>
  );
}
