// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef } from "react";
import { Link, createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { UNSAVED_CHANGES_MESSAGE, useFormDirty, useUnsavedChangesGuard } from "~/lib/use-unsaved-changes.ts";

function RequestForm() {
  const form = useRef<HTMLFormElement>(null);
  useUnsavedChangesGuard(useFormDirty(form));
  return (
    <>
      <form ref={form} onSubmit={(e) => e.preventDefault()}>
        <label>
          Fault description
          <input name="fault" />
        </label>
        <button type="submit">Send</button>
      </form>
      <Link to="/elsewhere">Leave</Link>
    </>
  );
}

const Stub = createRoutesStub([
  { path: "/", Component: RequestForm },
  { path: "/elsewhere", Component: () => <h1>Elsewhere</h1> },
]);

// happy-dom has no window.confirm: each test installs the visitor's answer.
function answerConfirm(answer: boolean) {
  const confirm = vi.fn(() => answer);
  window.confirm = confirm;
  return confirm;
}

afterEach(() => {
  cleanup();
});

describe("unsaved-changes guard", () => {
  it("lets the visitor leave an untouched form without asking", async () => {
    const confirm = answerConfirm(true);
    render(<Stub />);
    await act(async () => fireEvent.click(screen.getByText("Leave")));
    expect(await screen.findByRole("heading", { name: "Elsewhere" })).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
  });

  it("asks with the spec's text before leaving a half-filled form, and stays if the visitor cancels", async () => {
    const confirm = answerConfirm(false);
    render(<Stub />);
    fireEvent.input(screen.getByLabelText("Fault description"), { target: { value: "F0001 overcurrent" } });
    await act(async () => fireEvent.click(screen.getByText("Leave")));
    expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_MESSAGE);
    expect(UNSAVED_CHANGES_MESSAGE).toBe("Are you sure you want to leave? Your changes may not be saved.");
    expect(screen.queryByRole("heading", { name: "Elsewhere" })).toBeNull();
    expect((screen.getByLabelText("Fault description") as HTMLInputElement).value).toBe("F0001 overcurrent");
  });

  it("leaves when the visitor confirms", async () => {
    answerConfirm(true);
    render(<Stub />);
    fireEvent.input(screen.getByLabelText("Fault description"), { target: { value: "x" } });
    await act(async () => fireEvent.click(screen.getByText("Leave")));
    expect(await screen.findByRole("heading", { name: "Elsewhere" })).toBeTruthy();
  });

  it("arms the browser's own prompt for closing or reloading the tab only while the form is dirty", async () => {
    render(<Stub />);
    const clean = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    fireEvent.input(screen.getByLabelText("Fault description"), { target: { value: "x" } });
    const dirty = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);

    // Submitting is not leaving: afterwards the tab closes without a prompt.
    fireEvent.submit(screen.getByRole("button", { name: "Send" }).closest("form")!);
    const submitted = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(false);
  });
});
