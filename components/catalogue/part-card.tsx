import Image from 'next/image';
import { IntentLink } from '@/components/navigation/intent-link';
import { useTranslations } from 'next-intl';
import type { PartSummary } from '@/lib/catalogue/parts';
import { formatPrice } from '@/lib/format/price';
import { PriceExcludingVat } from './price-excluding-vat';
import { PART_CARD_IMAGE } from '@/lib/catalogue/images';
import { compatibilityLabel } from '@/lib/catalogue/compatibility';
import { addToCartAction } from '@/lib/cart/actions';

/**
 * A part in a listing: photo, name, price, availability, compatibility. Renders on server and client.
 * Listings repeat it on every card in the HTML and again in the RSC payload, so its styles are named
 * classes (globals.css) and its photo uses 1x/2x candidates rather than eleven widths.
 */
const AVAILABILITY = { available: 'inStock', reserved: 'reserved', sold: 'soldOut' } as const;

export function PartCard({ part, headingLevel = 2 }: { part: PartSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const t = useTranslations('catalogue');
  const compatibility = compatibilityLabel(part.compatible);
  return (
    <article className="part-card render-when-visible">
      <div className="part-card-photo">
        {part.image ? (
          <Image
            src={part.image.src}
            alt={part.image.alt}
            width={PART_CARD_IMAGE.width}
            height={PART_CARD_IMAGE.height}
            className="part-card-img"
          />
        ) : (
          <span className="part-card-nophoto">{t('noPhoto')}</span>
        )}
      </div>
      <div className="part-card-body">
        <Heading className="part-card-name">
          <IntentLink href={part.path}>{part.name}</IntentLink>
        </Heading>
        {compatibility && (
          <p className="part-card-fit">
            {t('compatibleWith', {
              vehicle:
                compatibility.more > 0
                  ? t('compatibleMore', { vehicle: compatibility.first, count: compatibility.more })
                  : compatibility.first,
            })}
          </p>
        )}
        <p className="part-card-meta">
          {t('grade', { grade: part.grade })} · {t('warranty', { months: part.warrantyMonths })}
        </p>
        <div className="part-card-foot">
          <p className="part-card-price">
            {formatPrice(part.price)}
            <PriceExcludingVat cents={part.price} />
          </p>
          {/* The part page's availability in a word: a part held by a payment is "Réservée", not sold. */}
          <p className={part.availability === 'available' ? 'part-card-stock' : 'part-card-soldout'}>
            {t(AVAILABILITY[part.availability])}
          </p>
        </div>
        {part.availability === 'available' && part.variantCode && (
          // A plain form posting to the server action: no script on the cached listing.
          <form action={addToCartAction}>
            <input type="hidden" name="variant" value={part.variantCode} />
            <button type="submit" aria-label={t('addToCartLabel', { name: part.name })} className="part-card-add">
              {t('addToCart')}
            </button>
          </form>
        )}
      </div>
    </article>
  );
}
