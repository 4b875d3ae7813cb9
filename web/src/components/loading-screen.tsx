/** Full-screen "Loading..." while the sign-in state is read. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-screen items-center justify-center bg-muted">
      <div className="flex flex-col items-center gap-3">
        <div className="size-8 animate-spin rounded-full border-4 border-slate-300 border-t-primary" aria-hidden />
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
      </div>
    </div>
  );
}
