import './unit-detail-skeleton.css';

/** The unit page's shape while it loads, so nothing jumps when the data arrives. */
export function UnitDetailSkeleton() {
  return (
    <div className="page unit-skeleton" role="status" aria-busy="true">
      <span className="sr-only">Loading the unit…</span>
      <div className="unit-skeleton__bar unit-skeleton__bar--title" />
      <div className="unit-skeleton__bar unit-skeleton__bar--short" />
      <div className="unit-skeleton__layout" aria-hidden="true">
        <div className="unit-skeleton__block unit-skeleton__block--image" />
        <div className="unit-skeleton__block unit-skeleton__block--buy" />
      </div>
      {[0, 1, 2, 3, 4].map((n) => (
        <div key={n} className="unit-skeleton__bar unit-skeleton__bar--section" aria-hidden="true" />
      ))}
    </div>
  );
}
