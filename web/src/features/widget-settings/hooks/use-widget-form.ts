import { useEffect, useState } from 'react';
import type { WidgetSettingsView } from '@core/features/widget/settings';

/** The widget settings form's fields, filled from the settings read (again when they change). */
export function useWidgetForm(s: WidgetSettingsView | undefined) {
  const [origins, setOrigins] = useState('');
  const [title, setTitle] = useState('');
  const [color, setColor] = useState('#1d4ed8');
  const [greeting, setGreeting] = useState('');

  useEffect(() => {
    if (!s) return;
    setOrigins(s.origins.join('\n'));
    setTitle(s.title ?? '');
    setColor(s.color ?? '#1d4ed8');
    setGreeting(s.greeting ?? '');
  }, [s]);

  /** What Save sends: the origins split on spaces, commas and lines; empty title and greeting as null. */
  const toSave = () => ({ origins: origins.split(/[\s,]+/).filter(Boolean), title: title || null, color, greeting: greeting || null });
  return { origins, setOrigins, title, setTitle, color, setColor, greeting, setGreeting, toSave };
}

export type WidgetForm = ReturnType<typeof useWidgetForm>;
