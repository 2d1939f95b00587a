export default function Page() {
  return (
    <main>
      <h1>blog-post</h1>
    </main>
  );
}
