import {
  type AssociationMappingInput,
  associationMappingSchema,
  associationMappingsPageSchema,
  dataTablesPageSchema,
  type RelationshipChange,
  relationshipsSchema,
} from '@counterpart/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/session/http-client.ts';
import { useTablesBase, useTablesKey } from './tables-api.ts';

/** Every table of the organization (names for pickers), up to the API's largest page. */
export function useAllTables() {
  const key = useTablesKey();
  const base = useTablesBase();
  return useQuery({
    queryKey: [...key, 'all-tables'],
    queryFn: ({ signal }) =>
      http.get(`${base}/`, { query: { page_size: 500 }, schema: dataTablesPageSchema, signal }),
  });
}

/** GET .../records/relationships: a record's linked records, both ways. */
export function useRelationships(tableId: string, itemId: string) {
  const key = useTablesKey();
  const base = useTablesBase();
  return useQuery({
    queryKey: [...key, 'relationships', tableId, itemId],
    queryFn: ({ signal }) =>
      http.get(`${base}/records/relationships`, {
        query: { table_id: tableId, item_id: itemId },
        schema: relationshipsSchema,
        signal,
      }),
  });
}

/** Link (POST) or unlink (DELETE) two records; refreshes every tables query (grids show the links). */
export function useChangeRelationship() {
  const queryClient = useQueryClient();
  const key = useTablesKey();
  const base = useTablesBase();
  return useMutation({
    mutationFn: ({ change, link }: { change: RelationshipChange; link: boolean }) =>
      link
        ? http.post(`${base}/records/relationships`, change, { schema: relationshipsSchema })
        : http.delete(`${base}/records/relationships`, { body: change, schema: relationshipsSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** GET .../association/mapping?table_id=: the mappings this table is part of. */
export function useMappings(tableId: string) {
  const key = useTablesKey();
  const base = useTablesBase();
  return useQuery({
    queryKey: [...key, 'mappings', tableId],
    queryFn: ({ signal }) =>
      http.get(`${base}/association/mapping`, {
        query: { table_id: tableId, page_size: 500 },
        schema: associationMappingsPageSchema,
        signal,
      }),
  });
}

/** Create (no id) or update a mapping. */
export function useSaveMapping() {
  const queryClient = useQueryClient();
  const key = useTablesKey();
  const base = useTablesBase();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | undefined; input: AssociationMappingInput }) =>
      id
        ? http.put(`${base}/association/mapping/${encodeURIComponent(id)}`, input, {
            schema: associationMappingSchema,
          })
        : http.post(`${base}/association/mapping`, input, { schema: associationMappingSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteMapping() {
  const queryClient = useQueryClient();
  const key = useTablesKey();
  const base = useTablesBase();
  return useMutation({
    mutationFn: (id: string) => http.delete(`${base}/association/mapping/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
