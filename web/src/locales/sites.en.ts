/** English strings of the Website sources screen (spread into en.ts). */
export const sitesEn = {
  sites: {
    title: 'Website sources',
    subtitle: 'Websites whose pages are imported as documents by cms sync. Every run is recorded here.',
    columns: { site: 'Site', pages: 'Pages', lastRun: 'Last run', found: 'Found', new: 'New', changed: 'Changed', removed: 'Removed', failed: 'Failed' },
    never: 'Never run',
    archived: '{{count}} archived',
    stopped: 'The last run stopped:',
    empty: 'No website synced yet',
    emptyHint: 'Add one from the command line on the server, naming the hosts it may request:',
    schedule: 'Schedule',
    scheduleHint: 'The product has no scheduler of its own: to keep a site up to date, add its line to the server\'s task scheduler with',
    scheduleNote: 'Each line repeats the site\'s last run (its options), every night at 03:00.',
    syncNow: 'Sync now',
    started: 'Sync started: the pages are read in the background',
    running: 'Running: {{done}} of {{found}} pages',
    runningStart: 'Running: reading the site…',
  },
};
