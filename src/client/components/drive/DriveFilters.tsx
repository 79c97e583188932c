import { DRIVE_TYPE_LABELS, DRIVE_TYPES, type DriveFileType } from '../../../shared/drive-schemas';
import { FilterSelectField } from '../ui/FilterSelectField';
import { SearchField } from '../ui/SearchField';
import { SelectField } from '../ui/TextField';

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
  return (
    <div className="drive-filters" role="search">
      <SearchField placeholder="Nome, descrição ou tag" value={search} maxLength={120} onSearch={onSearch} />
      <FilterSelectField
        label="Tipo"
        allLabel="Todos os tipos"
        value={type === 'all' ? undefined : type}
        values={DRIVE_TYPES}
        labels={DRIVE_TYPE_LABELS}
        onFilter={(value) => onType(value ?? 'all')}
      />
      {visibility !== undefined && onVisibility && (
        <SelectField
          label="Visibilidade"
          value={visibility}
          onChange={(event) => onVisibility(event.target.value as VisibilityFilter)}
        >
          <option value="all">Todos</option>
          <option value="true">Públicos</option>
          <option value="false">Privados</option>
        </SelectField>
      )}
    </div>
  );
}
