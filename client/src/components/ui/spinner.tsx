export const Spinner = ({ size = 28 }: { size?: number }) => (
  <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />
);

/** Shown while a route's code loads on a first visit. */
export const PageSpinner = () => (
  <div className="page-spinner" role="status">
    <Spinner />
    <span className="visually-hidden">Loading page</span>
  </div>
);
