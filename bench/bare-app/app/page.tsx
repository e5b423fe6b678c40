export default function Page() {
  return <h1>Page Next.js nue</h1>;
}
