import { lazy } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { paths } from '../config/paths';
import { ChunkBoundary, RequireAuth } from './routes/gates';
import { NotFoundRoute } from './routes/not-found';

// Each page is its own chunk: /chat and /rag-bot load without the admin bundle.
const AdminRoute = lazy(() => import('./routes/admin/admin-route'));
const ChatRoute = lazy(() => import('./routes/chat'));
const RagBotRoute = lazy(() => import('./routes/rag-bot'));
const ViewerRoute = lazy(() => import('./routes/viewer'));

const admin = (
  <RequireAuth>
    <AdminRoute />
  </RequireAuth>
);

const router = createBrowserRouter([
  { path: paths.home.path, element: admin },
  { path: paths.dashboard.path, element: admin },
  { path: paths.presentationImages.path, element: admin },
  { path: paths.videos.path, element: admin },
  {
    path: paths.chat.path,
    element: (
      <ChunkBoundary>
        <ChatRoute />
      </ChunkBoundary>
    ),
  },
  {
    path: paths.viewer.path,
    element: (
      <ChunkBoundary>
        <ViewerRoute />
      </ChunkBoundary>
    ),
  },
  {
    path: paths.ragBot.path,
    element: (
      <RequireAuth>
        <RagBotRoute />
      </RequireAuth>
    ),
  },
  { path: '*', element: <NotFoundRoute /> },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
