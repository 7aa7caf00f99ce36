import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/{.server,.client,}/**/*.{ts,tsx}", "./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        // Spec §9: theme primary colour #1976D2.
        primary: { DEFAULT: "#1976D2", dark: "#115293", light: "#e3f0fc" },
      },
      // Spec §9: sidebar 256 px wide, 56 px in mini mode.
      width: { sidebar: "16rem", "sidebar-mini": "3.5rem" },
      keyframes: {
        progress: {
          "0%": { transform: "translateX(-100%)" },
          "100%": { transform: "translateX(300%)" },
        },
      },
    },
  },
  plugins: [],
} satisfies Config;
