import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WidgetSettings, WidgetSettingsView } from '@core/features/widget/settings';
import { api } from '../../../lib/api-client';

const KEY = ['/api/widget/settings'];

/** GET /api/widget/settings */
export const getWidgetSettings = (): Promise<WidgetSettingsView> => api.get<WidgetSettingsView>('/api/widget/settings');
export const getWidgetSettingsQueryOptions = () => queryOptions({ queryKey: KEY, queryFn: getWidgetSettings });
export const useWidgetSettings = () => useQuery(getWidgetSettingsQueryOptions());

/** PATCH /api/widget/settings */
export const updateWidgetSettings = (patch: Partial<WidgetSettings>): Promise<WidgetSettingsView> => api.patch<WidgetSettingsView>('/api/widget/settings', patch);

export function useUpdateWidgetSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateWidgetSettings,
    meta: { successToast: { title: 'common.success', description: 'widget.saved' }, errorToast: { title: 'common.error', description: 'widget.saveFailed' } },
    onSuccess: (data) => qc.setQueryData(KEY, data),
  });
}
