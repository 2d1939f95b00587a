export default function Page() {
  return (
    <main>
      <h1>blog</h1>
    </main>
  );
}
