import { IntentLink } from '@/components/navigation/intent-link';

export interface ErrorViewProps {
  title: string;
  excerpt: string;
  detail?: string;
  actionLabel: string;
}

/** The error page: 'Erreur <statusCode>', an excerpt, and a button back to the home page. */
export function ErrorView({ title, excerpt, detail, actionLabel }: ErrorViewProps) {
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-4xl font-bold text-brand-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-700">{excerpt}</p>
      {detail && <p className="mt-2 font-mono text-sm text-slate-600">{detail}</p>}
      <IntentLink
        href="/"
        className="mt-8 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
      >
        {actionLabel}
      </IntentLink>
    </main>
  );
}
