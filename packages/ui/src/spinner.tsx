export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="ukd-spinner" role="status" aria-live="polite">
      <span className="ukd-spinner__dot" aria-hidden="true" />
      <span className="ukd-visually-hidden">{label}</span>
    </div>
  );
}
