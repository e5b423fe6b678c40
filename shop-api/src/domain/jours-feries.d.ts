/** @socialgouv/jours-feries ships no types: French public holidays of a year, by name, as local dates. */
declare module '@socialgouv/jours-feries' {
  export default function joursFeries(year: number, options?: { alsace?: boolean }): Record<string, Date>;
}
