import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { parseReportFilters } from '../logic/report-filters';

/** The report's filters from the address, kept stable while the address is. */
export function useReportAddress() {
  const [search, setSearch] = useSearchParams();
  const { campusId: routeCampusId } = useParams();
  const key = search.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the parsed filters change only with the address
  const filters = useMemo(() => parseReportFilters(search, routeCampusId), [key, routeCampusId]);
  return { filters, setSearch, routeCampusId };
}

