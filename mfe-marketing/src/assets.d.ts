declare module '*.webp' {
  const url: string;
  export default url;
}
