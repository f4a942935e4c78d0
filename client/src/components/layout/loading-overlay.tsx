import { useAppSelector } from '@/app/hooks';
import { Spinner } from '@/components/ui/spinner';

/**
 * Covers the page while a call runs (docs/product-rules.md#sessions), with the call's text. It
 * fades in after a short delay (CSS), so quick calls do not flash.
 */
export const LoadingOverlay = () => {
  const { loading, loadingText } = useAppSelector((state) => state.ui);
  if (!loading) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <div className="loading-box">
        <Spinner />
        <span>{loadingText}</span>
      </div>
    </div>
  );
};
