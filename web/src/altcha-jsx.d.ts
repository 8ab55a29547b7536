/**
 * JSX typing of <altcha-widget>. The package ships its own (altcha/types/react) but it imports its
 * types through a directory path that NodeNext resolution cannot follow, losing every attribute.
 */
import type { CSSProperties, HTMLAttributes, Ref } from "react";

interface AltchaWidgetJsx extends HTMLAttributes<HTMLElement> {
  ref?: Ref<HTMLElement>;
  challenge?: string;
  language?: string;
  name?: string;
  auto?: "off" | "onfocus" | "onload" | "onsubmit";
  display?: "standard" | "bar" | "floating" | "overlay" | "invisible";
  type?: "native" | "checkbox" | "switch";
  configuration?: string;
  style?: CSSProperties & Record<`--altcha-${string}`, string>;
}

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "altcha-widget": AltchaWidgetJsx;
    }
  }
}
