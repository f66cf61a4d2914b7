import { useEffect } from 'react';
import { create } from 'zustand';

interface PageHeadingState {
  /** The item the current page shows ("Invoices March", a workflow's or a person's name); null = the route title. */
  itemName: string | null;
}

/** What the breadcrumb bar's heading names: the page's item once it has loaded, else the route's title. */
export const usePageHeadingStore = create<PageHeadingState>()(() => ({ itemName: null }));

/**
 * A page names its item in the heading while it is shown (`usePageItemName(table.data?.name)`); leaving the page
 * (or passing nothing) gives the heading back to the route's title.
 */
export function usePageItemName(name: string | null | undefined): void {
  const itemName = name?.trim() ? name.trim() : null;
  useEffect(() => {
    usePageHeadingStore.setState({ itemName });
    return () => usePageHeadingStore.setState({ itemName: null });
  }, [itemName]);
}
