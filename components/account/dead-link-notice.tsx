import Link from 'next/link';
import { FormOutcome } from './form-parts';

/**
 * A mailed link's page when the link no longer works (used, replaced, expired): why, and where to go
 * next (the first way as a button). The reset, confirmation and recovery pages show it at once.
 */
export function DeadLinkNotice({
  message,
  title,
  ways,
}: {
  message: string;
  title: string;
  ways: { href: string; label: string }[];
}) {
  return (
    <div className="mt-6 flex flex-col items-start gap-4">
      <FormOutcome errors={[message]} errorsTitle={title} />
      {ways.map((way, index) => (
        <Link
          key={way.href}
          href={way.href}
          className={
            index === 0
              ? 'rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800'
              : 'font-semibold text-brand-700 underline'
          }
        >
          {way.label}
        </Link>
      ))}
    </div>
  );
}
