// The names of docex's vendor extensions, written here once: readers read them, messages name them through these.
export const EXT = {
  sortable: 'x-sortable',
  expandable: 'x-expandable',
  extensibleEnum: 'x-extensible-enum',
  sunset: 'x-sunset',
  effect: 'x-effect',
  filter: 'x-filter',
  sets: 'x-sets',
  principal: 'x-principal',
  unique: 'x-unique',
  pagination: 'x-pagination',
  terminalEvent: 'x-terminal-event',
  resumable: 'x-resumable',
} as const;
