/** The terminal styles the logger paints with (cli/logger.ts) and the views ask for. */
export type Style = 'dim' | 'bold' | 'red' | 'green' | 'yellow' | 'cyan';
