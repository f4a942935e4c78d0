import { useLocation } from 'react-router-dom';
import { screenTitle } from '../components/screen-titles';

/** The current profile or admin screen's title, or null for paths without one. */
export const useRouteTitle = (): string | null => screenTitle(useLocation().pathname);
