import { create } from 'zustand'

/** The shown page of each paged list, by query key hash, so it survives the view. */
export const useListPlaces = create<Record<string, number>>()(() => ({}))
