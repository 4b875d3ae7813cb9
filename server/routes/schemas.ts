/** Shared route schema pieces. */
export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1 } },
} as const;

export type IdParams = { id: number };
