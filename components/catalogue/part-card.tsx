import Image from 'next/image';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { PartSummary } from '@/lib/catalogue/parts';
import { formatPrice } from '@/lib/format/price';
import { PART_CARD_IMAGE_SIZES } from '@/lib/catalogue/images';
import { compatibilityLabel } from '@/lib/catalogue/compatibility';

/** A part in a listing: photo, name, price, availability, compatibility. Renders on server and client. */
export function PartCard({ part, headingLevel = 2 }: { part: PartSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useTranslations('catalogue');
  const compatibility = compatibilityLabel(part.compatible);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white hover:shadow-md">
      <div className="relative aspect-[4/3] bg-slate-100">
        {part.image ? (
          <Image src={part.image.src} alt={part.image.alt} fill sizes={PART_CARD_IMAGE_SIZES} className="object-cover" />
        ) : (
          <span className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">{t('noPhoto')}</span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-base font-semibold leading-snug">
          <Link href={part.path} className="text-brand-900 hover:underline">{part.name}</Link>
        </Heading>
        {compatibility && (
          <p className="text-sm text-slate-700">
            {t('compatibleWith', {
              vehicle: compatibility.more > 0 ? t('compatibleMore', { vehicle: compatibility.first, count: compatibility.more }) : compatibility.first,
            })}
          </p>
        )}
        <p className="text-xs text-slate-600">
          {t('grade', { grade: part.grade })} · {t('warranty', { months: part.warrantyMonths })}
        </p>
        <div className="mt-auto flex items-end justify-between pt-2">
          <p className="text-xl font-bold text-brand-900">{formatPrice(part.price)}</p>
          <p className={`text-sm font-semibold ${part.inStock ? 'text-green-800' : 'text-red-800'}`}>{part.inStock ? t('inStock') : t('soldOut')}</p>
        </div>
      </div>
    </article>
  );
}
