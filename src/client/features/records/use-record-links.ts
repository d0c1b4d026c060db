import { useCallback } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { withParam } from '../../components/data-table/list-params';
import type { RecordType } from './record-type';

/**
 * Where a list's records open: their own page (`/leads/:id`), or, for a type with a side panel,
 * the list itself with `?open=<id>` (keeping its search, filters and sort).
 */
export function useRecordLinks({ appPath }: Pick<RecordType, 'appPath'>, withPanel: boolean) {
  const [, navigate] = useLocation();
  const [params, setParams] = useSearchParams();
  const openRecord = useCallback(
    (id: string) => {
      if (withPanel) setParams((current) => withParam(current, 'open', id), { replace: true });
      else navigate(`${appPath}/${id}`);
    },
    [withPanel, appPath, navigate, setParams],
  );
  const recordHref = (id: string) =>
    withPanel ? `${appPath}?${withParam(params, 'open', id)}` : `${appPath}/${id}`;
  const closePanel = () => setParams((current) => withParam(current, 'open', null), { replace: true });
  return { openRecord, recordHref, openId: withPanel ? params.get('open') : null, closePanel };
}
