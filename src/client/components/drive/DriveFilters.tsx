import { useId } from 'react';
import { DRIVE_TYPE_LABELS, DRIVE_TYPES, type DriveFileType } from '../../../shared/drive-schemas';

export type TypeFilter = DriveFileType | 'all';
export type VisibilityFilter = 'all' | 'true' | 'false';

/** Type and search filters (both screens); visibility on the admin's only. */
export function DriveFilters({
  type,
  search,
  visibility,
  onType,
  onSearch,
  onVisibility,
}: {
  type: TypeFilter;
  search: string;
  visibility?: VisibilityFilter;
  onType: (type: TypeFilter) => void;
  onSearch: (search: string) => void;
  onVisibility?: (visibility: VisibilityFilter) => void;
}) {
  const id = useId();
  return (
    <div className="drive-filters" role="search">
      <div className="field">
        <label className="field__label" htmlFor={`${id}-search`}>
          Buscar
        </label>
        <input
          id={`${id}-search`}
          type="search"
          className="field__input"
          placeholder="Nome, descrição ou tag"
          value={search}
          maxLength={120}
          onChange={(event) => onSearch(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-type`}>
          Tipo
        </label>
        <select
          id={`${id}-type`}
          className="field__input"
          value={type}
          onChange={(event) => onType(event.target.value as TypeFilter)}
        >
          <option value="all">Todos os tipos</option>
          {DRIVE_TYPES.map((value) => (
            <option key={value} value={value}>
              {DRIVE_TYPE_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {visibility !== undefined && onVisibility && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-visibility`}>
            Visibilidade
          </label>
          <select
            id={`${id}-visibility`}
            className="field__input"
            value={visibility}
            onChange={(event) => onVisibility(event.target.value as VisibilityFilter)}
          >
            <option value="all">Todos</option>
            <option value="true">Públicos</option>
            <option value="false">Privados</option>
          </select>
        </div>
      )}
    </div>
  );
}
