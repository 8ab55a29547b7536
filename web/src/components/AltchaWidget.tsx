/**
 * The ALTCHA human-verification widget (self-hosted proof of work). It reports the payload once
 * verified ('' otherwise); the parent resets it after a failed submit so a fresh challenge is solved.
 */
import "altcha/i18n";
import "./AltchaWidget.css";
import type { AltchaWidgetElement } from "altcha/types/generic";
import { type Ref, type RefObject, useEffect, useImperativeHandle, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CAPTCHA_CHALLENGE_URL } from "../api/config.ts";

export interface AltchaHandle {
  reset(): void;
}

/** Our language codes as the widget's translation files name them. */
const WIDGET_LANGUAGE: Record<string, string> = {
  "pt-BR": "pt-br",
  pt: "pt-pt",
  zh: "zh-cn",
  es: "es-es",
  fr: "fr-fr",
};

interface AltchaWidgetProps {
  onChange(token: string): void;
  ref?: Ref<AltchaHandle>;
}

export function AltchaWidget({ onChange, ref }: AltchaWidgetProps) {
  const { i18n } = useTranslation();
  const element = useRef<AltchaWidgetElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(state === "verified" && payload ? payload : "");
    };
    widget.addEventListener("statechange", onState);
    return () => widget.removeEventListener("statechange", onState);
  }, []);

  useImperativeHandle(ref, () => ({
    reset() {
      element.current?.reset();
      onChangeRef.current("");
    },
  }));

  const language = i18n.resolvedLanguage ?? "en";
  return (
    <div data-testid="captcha">
      <altcha-widget
        ref={element as RefObject<HTMLElement | null>}
        challenge={CAPTCHA_CHALLENGE_URL}
        language={WIDGET_LANGUAGE[language] ?? language}
        name="captchaToken"
        style={{ "--altcha-max-width": "100%" }}
      />
    </div>
  );
}
