/** Every query of this area starts with this key. */
export const FAIRNESS_QUERY_KEY = ['fairness'] as const;
export const OPENINGS_KEY = [...FAIRNESS_QUERY_KEY, 'openings'] as const;
