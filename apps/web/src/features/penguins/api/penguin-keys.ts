/** The cache keys of the penguin page: an assignment, a removal or a collect changes them all. */
export const penguinKeys = {
  all: ['penguins'] as const,
  mine: () => [...penguinKeys.all, 'mine'] as const,
  ships: (page: number) => [...penguinKeys.all, 'ships', page] as const,
};
