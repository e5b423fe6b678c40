import type { Config } from 'tailwindcss';

/** Brand colours and type scale; loaded by app/globals.css with @config. */
export default {
  content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        brand: { 50: '#eef6ff', 100: '#d9eaff', 600: '#1d5fae', 700: '#174d8f', 800: '#143f74', 900: '#0f2f57' },
        accent: { 500: '#f28c13', 600: '#d97706', 700: '#b45309', 800: '#92400e' },
      },
      maxWidth: { shop: '80rem' },
    },
  },
} satisfies Config;
