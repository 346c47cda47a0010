/** Spec §2: a placeholder that only shows the word Profile. */
export function ProfileRoute() {
  return (
    <div className="bg-slate-950 pb-16 pt-32 text-white">
      <h1 className="mx-auto max-w-7xl px-4 text-4xl font-bold tracking-tight sm:px-6 lg:px-8">
        Profile
      </h1>
    </div>
  );
}
