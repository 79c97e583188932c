import type { ReactNode } from 'react';
import {
  DRIVE_CARD_TAGS,
  DRIVE_TYPE_LABELS,
  formatFileSize,
  type DriveItem,
} from '../../../shared/drive-schemas';
import { formatDate } from '../../../shared/format';
import { buttonClass } from '../ui/Button';

/** What a card shows of an item's tags: the first 3 and how many more (docs/product/back-office-and-member-area.md §9). */
export function visibleTags(tags: readonly string[]) {
  return { shown: tags.slice(0, DRIVE_CARD_TAGS), more: Math.max(0, tags.length - DRIVE_CARD_TAGS) };
}

/**
 * One drive item as a card: preview, name, type, size, date, tags, and (in the admin's drive, where
 * it tells something) whether members see it; actions below.
 */
export function DriveCard({
  item,
  actions,
  showVisibility = false,
}: {
  item: DriveItem;
  actions: ReactNode;
  showVisibility?: boolean;
}) {
  const { shown, more } = visibleTags(item.tags);
  return (
    <li className="drive-card">
      <div className="drive-card__preview" data-type={item.type}>
        {item.thumbnailUrl ? (
          <img src={item.thumbnailUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="drive-card__type-badge" aria-hidden="true">
            {item.type === 'pdf' ? 'PDF' : DRIVE_TYPE_LABELS[item.type]}
          </span>
        )}
      </div>
      <div className="drive-card__body">
        <h3 className="drive-card__name">{item.name}</h3>
        <p className="drive-card__meta">
          {DRIVE_TYPE_LABELS[item.type]} · {formatFileSize(item.size)} · {formatDate(item.uploadedAt)}
        </p>
        {showVisibility && (
          <p
            className={`drive-card__visibility drive-card__visibility--${item.isPublic ? 'public' : 'private'}`}
          >
            {item.isPublic ? 'Público' : 'Privado'}
          </p>
        )}
        {item.description && <p className="drive-card__description">{item.description}</p>}
        {item.tags.length > 0 && (
          <ul className="drive-card__tags" aria-label="Tags">
            {shown.map((tag) => (
              <li key={tag} className="drive-tag">
                {tag}
              </li>
            ))}
            {more > 0 && (
              <li className="drive-tag drive-tag--more" title={item.tags.slice(DRIVE_CARD_TAGS).join(', ')}>
                <span aria-hidden="true">+{more}</span>
                <span className="sr-only">e mais {more}</span>
              </li>
            )}
          </ul>
        )}
      </div>
      <div className="drive-card__actions">{actions}</div>
    </li>
  );
}

/** A card's link that opens the item in a new tab ("Abrir" in the admin's drive, "Visualizar" in the members'). */
export function OpenInNewTab({ item, verb }: { item: DriveItem; verb: string }) {
  return (
    <a
      className={buttonClass('secondary', { size: 'sm' })}
      href={item.url}
      target="_blank"
      rel="noopener"
      aria-label={`${verb} ${item.name}`}
    >
      {verb}
    </a>
  );
}
