export default function Page() {
  return (
    <main>
      <h1>submission-success</h1>
    </main>
  );
}
