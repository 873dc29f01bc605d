import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { routes } from './routes/route-table.tsx';

const router = createBrowserRouter(routes);

export const AppRouter = () => <RouterProvider router={router} />;
