/// PLACEHOLDER
public enum PairingModule {}
