export default function Page() {
  return (
    <main>
      <h1>lesson-plan</h1>
    </main>
  );
}
