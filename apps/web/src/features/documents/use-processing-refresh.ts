import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNotificationsStore } from '../../shared/stores/notifications-store.ts';
import { useDocumentsKey } from './documents-api.ts';

export const PROCESSING_SOURCE = 'document processing';

/**
 * Refetches the documents queries whenever a 'document processing' process message arrives on
 * the realtime feed (a document starts, advances, ends), so statuses change without a reload.
 */
export function useProcessingRefresh(): void {
  const queryClient = useQueryClient();
  const key = useDocumentsKey();
  const signature = useNotificationsStore((state) =>
    state.processes
      .filter((process) => process.source === PROCESSING_SOURCE)
      .map((process) => `${process.id}:${process.info.status ?? ''}:${process.info.progress ?? ''}`)
      .join('|'),
  );
  const organizationId = key[1];
  const previous = useRef(signature);
  useEffect(() => {
    // Any change counts, the last process leaving the list too: that is when its document finished.
    if (previous.current === signature) return;
    previous.current = signature;
    void queryClient.invalidateQueries({ queryKey: ['documents', organizationId] });
  }, [signature, queryClient, organizationId]);
}
